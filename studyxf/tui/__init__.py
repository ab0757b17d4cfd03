"""The Textual app: one module per screen, one stylesheet."""
