fs-tree --sample | sed 's/guests/<script>alert(1)<\/script>/g' | fs-report --markdown | grep -F 'alert'
