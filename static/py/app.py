# Entry point that PyScript runs (see index.html); the code lives in the gin package,
# unpacked from static/gin.zip.gz into Pyodide's working directory by static/js/start.mjs.
from gin.web.main import main

main()
