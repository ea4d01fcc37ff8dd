"""Vision: frames in, one CardSeen per physical card out.

The interfaces other parts of pitboss use (kept stable):

* :mod:`vision.events` -- ``CardSeen(card, confidence, frame_no, timestamp)``,
  ``CardUnreadable(frame_no, timestamp, crop)``, ``CardsTogether(frame_no, timestamp)``:
  the package's only outputs.
* :mod:`vision.sources` -- ``camera(device, width, height, fps)``, ``video_file(path)``,
  ``image_folder(folder, fps)``: iterators of ``(frame_no, timestamp, BGR frame)``.
* :mod:`vision.synthetic` -- ``SyntheticShoe(seed, deck_style, fps).deal(card)`` returns
  one card's frames (the no-hardware table), ``.stream(cards)`` numbered frames.
* :mod:`vision.reader` -- ``ShoeReader(calibration).feed(frame_no, timestamp, frame)``
  returns the events that frame completes; ``flush(...)`` at the end of a stream.
* :mod:`vision.calibration` -- ``Calibration``; ``load(name)`` / ``save(cal, name)``
  per deck; :mod:`vision.calibrate` learns one from a pass of the deck.
* :mod:`vision.photo` -- ``read_photo(image)`` for still photos of the table.

OpenCV and numpy only at run time; the glyph model is ``vision/models/glyphs.npz``
(trained by ``vision/training/train_glyphs.py``). Nothing is downloaded.
"""
