# Entry point that PyScript runs (see index.html); the code lives in the gin package,
# unpacked from static/gin.zip into Pyodide's working directory by pyscript.json.
from gin.web.main import main

main()
