"""Content as data: session and drill YAML loaded into typed objects, with file:line errors."""
