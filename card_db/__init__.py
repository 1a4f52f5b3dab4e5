"""The card database: storage, importers, the query language and name matching."""
