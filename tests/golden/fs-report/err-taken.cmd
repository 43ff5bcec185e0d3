fs-tree --sample | sed 's/^#taken=.*/#taken=last tuesday/' | fs-rank | fs-report
