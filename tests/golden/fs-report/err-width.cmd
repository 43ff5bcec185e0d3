fs-report --html --width height
