"""studyxf's reference transformer: the arbiter of every number in studyxf.

Importing `engine` is light: each submodule imports torch only if it computes with it, and
`engine.calc` / `engine.config` use plain arithmetic only. `engine` never imports `studyxf`.
"""
