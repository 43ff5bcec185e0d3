# A huge billing (TRESBillingWeights CPU=1e300) times a long time limit:
# the charge is not a finite number, refused; the same billing for a day
# answers.
fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --set 'PartitionName=big Nodes=n[1-4] MaxTime=UNLIMITED TRESBillingWeights=CPU=1e300' -p big -u hep/dave -n 4 -t 1-0 --cost | sed -n 3p
fs-tree --sample | fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --set 'PartitionName=big Nodes=n[1-4] MaxTime=UNLIMITED TRESBillingWeights=CPU=1e300' -p big -u hep/dave -n 4 -t 1000-0 --cost
