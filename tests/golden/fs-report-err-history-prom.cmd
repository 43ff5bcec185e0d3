fs-report --history . --prometheus
