fs-report --prometheus --metrics factor,bogus
