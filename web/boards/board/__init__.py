"""Live Chkobba boards for tutorial pages: spec (outside text, checked once), state (one board's
moves), frame (a frozen picture of it), render (that picture as markup), glue (the JavaScript API).
"""
