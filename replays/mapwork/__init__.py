"""The map workshop: from a group's own image of its map to map data it can check and confirm.

* :mod:`~replays.mapwork.source`: the compact map source a person types, compiled to the canonical YAML and back;
* :mod:`~replays.mapwork.fit`: the hex grid of a mapboard fitted to an image (least squares, pure arithmetic);
* :mod:`~replays.mapwork.grids`: the grid file ``awaw map calibrate`` writes beside the image;
* :mod:`~replays.mapwork.vassal`: the board images, hex grids and grid numbering of a VASSAL module;
* :mod:`~replays.mapwork.raster`: images read in bands within a bounded amount of memory;
* :mod:`~replays.mapwork.sampling`: hex colours and hexside lines read off the image, grouped for a person to name;
* :mod:`~replays.mapwork.synthetic`: a test image drawn from known map data (never the AWAW map);
* :mod:`~replays.mapwork.editor`: the self-contained HTML page that edits a map file over the image.

The image stays the group's own: nothing here stores it in a game, and only the pages a person asks for with
``--image`` (the editor, ``awaw board --image``) carry it. Pillow and numpy (the ``maps`` extra) are imported by the
modules that read pixels, never by the text commands.
"""
