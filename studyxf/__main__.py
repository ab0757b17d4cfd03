from studyxf.entry import main

main()
