set -- --new --tree - --set 'PriorityType=priority/multifactor' --set 'NodeName=n[1-4] CPUs=32 RealMemory=256000' --set 'PartitionName=gpu Nodes=n[1-4] Default=YES MaxTime=2-0 TRESBillingWeights=CPU=1.0,Mem=0.3G' --set PriorityFlags=MAX_TRES -u astro/bob -n 4 --mem 64G -t 1-0 --cost
fs-tree --sample | fs-prio "$@"
fs-tree --sample | fs-prio "$@" --json | grep -E '"(billing|charge|decay_factor|added)"'
