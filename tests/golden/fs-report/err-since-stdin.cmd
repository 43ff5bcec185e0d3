fs-report --since -
