from studyxf.cli import main

main()
