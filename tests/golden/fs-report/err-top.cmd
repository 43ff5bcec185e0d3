fs-report --top 0
