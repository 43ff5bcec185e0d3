fs-prio --set 'PriorityWeightTRES=CPU=1,cpu=2'
