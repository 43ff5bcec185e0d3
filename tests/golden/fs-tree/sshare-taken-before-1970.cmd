# --taken before 1970 (negative seconds) is the date given, not "none given" (then the file's time); fs-rank reads it back. One outside what a tree holds (years 0000 to 9999) is refused, not written as a #taken that cannot be read back
for d in 1960-01-01 1969-12-31T23:59:59Z 0000-01-01; do fs-tree --sshare sshare/ex7.P --taken "$d" | fs-rank | grep '^#taken'; done
for d in now-999999days now+3000000days; do fs-tree --sshare sshare/ex7.P --taken "$d"; echo "status $?"; done 2>&1
