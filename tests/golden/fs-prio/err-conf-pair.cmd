fs-prio --set 'PriorityWeightAge=1 Oops'
