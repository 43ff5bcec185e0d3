fs-tree --sample | sed 's/guests/g\\\\"q/g' | fs-report --prometheus | grep -F 'mallory' | grep factor
