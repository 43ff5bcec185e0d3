fs-report --markdown --depth 2
