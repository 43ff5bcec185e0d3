fs-report --colour
