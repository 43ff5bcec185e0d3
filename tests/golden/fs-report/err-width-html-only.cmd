fs-report --text --width usage
