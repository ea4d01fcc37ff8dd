"""Vision: frames in, one CardSeen per physical card out."""
