fs-report --prometheus --depth -1
