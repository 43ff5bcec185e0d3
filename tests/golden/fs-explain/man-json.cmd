fs-tree --sample | fs-explain --json bob grace | grep -E '"(order|rule|first|near_miss)"'
