fs-report --prometheus --scope all --top 3
