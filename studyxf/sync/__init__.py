"""Two machines, one history: this device's events out to a shared folder, the others' in, what derives from them replayed."""
