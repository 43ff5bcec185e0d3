fs-report --prometheus --scope some
