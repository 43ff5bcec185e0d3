echo hello | fs-report
