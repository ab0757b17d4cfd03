"""The SQLite store: one durable transaction per user action."""
