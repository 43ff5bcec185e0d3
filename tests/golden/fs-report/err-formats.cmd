fs-report --html --markdown
