# Two 300 s cycles from 00:00 to 00:10, half-life 7 days, computed by hand:
#   F = pow(df, 300) = 0.99965630887839141 (df = 1 - 0.693/604800)
#   job 101, u1, billing 4, from before the start to 00:07:30:
#     cycle 1 (running): 300*F*4                  = 1199.5875706540696
#     cycle 2 (ends 450): 150*pow(df, 150)*4      =  599.8968838027257
#   job 102, u2, no billing so AllocCPUS 2, from 00:01:40, still running:
#     cycle 1: 200*pow(df, 200)*2                 =  399.9083437834984
#     cycle 2: 300*F*2                            =  599.7937853270348
#   job 103 never started, job 104 starts after the end, job 100 ended
#   before the start: none adds usage. Partition 'batch' falls back to the
#   associations without a partition.
#   u1 = ((1000*F + 1199.58757...) + 599.89688...) * F         = 2798.1787235066958601
#   u2 = 399.90834... * F + 599.79378...                        =  999.5646841633176791
#   A  = ((1000*F + 1199.58... + 399.90...) + 599.89...) * F + 599.79... = 3797.7434076700133119
# (exact rational arithmetic on the doubles; the long doubles below agree
# to 3e-20). root stays empty: the sum of its children.
fs-decay --jobs golden/fs-decay/replay-hand.jobs --elapsed 10m golden/fs-decay/replay-hand.in
