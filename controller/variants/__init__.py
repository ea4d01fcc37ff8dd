"""Games as data: building-block steps, the catalogue, user-file loader."""
