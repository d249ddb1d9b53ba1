package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestScripts54IncidentSteps: the single steps of the second round of
// incident scripts (testdata/incident-scripts.jsonl, scripts54) that
// hguard allowed, beside the everyday spellings of the same programs:
// ESXi ransomware killing every virtual machine by force before it
// encrypts their disks (esxcli vm process kill, and the other
// hypervisors' forced stops and deletes with storage), the whole
// environment encoded past CI's log masking (printenv | base64),
// stealers packing a wallet's or Discord's store by its directory
// (zip -r ~/.electrum/wallets, Discord's Local Storage), and a
// migration a line writes and then runs (cat > m.sql <<EOF … EOF;
// psql -f m.sql), whose SQL was not read.
func TestScripts54IncidentSteps(t *testing.T) {
	checkHoles(t, []holeCase{
		{"esxcli vm process kill --type=force --world-id=68936", dsl.Ask, dsl.Ask},
		{"vim-cmd vmsvc/power.off 12", dsl.Ask, dsl.Ask},
		{"virsh destroy web1", dsl.Ask, dsl.Ask},
		{"virsh undefine web1 --remove-all-storage", dsl.Ask, dsl.Ask},
		{"VBoxManage unregistervm dev --delete", dsl.Ask, dsl.Ask},
		{"qm destroy 101", dsl.Ask, dsl.Ask},
		{"sudo qm stop 101", dsl.Ask, dsl.Ask},
		{"printenv | base64 -w0", dsl.Ask, dsl.Ask},
		{"env | base64 | base64", dsl.Ask, dsl.Ask},
		{"set | xxd -p", dsl.Ask, dsl.Ask},
		{"env -0 | gzip -c > /tmp/e.gz", dsl.Ask, dsl.Ask},
		{"zip -qr /tmp/w.zip ~/.electrum/wallets", dsl.Ask, dsl.Ask},
		{"tar czf /tmp/k.tgz ~/.ethereum/keystore", dsl.Ask, dsl.Ask},
		{"cp -r ~/.config/Exodus/exodus.wallet /tmp/x", dsl.Ask, dsl.Ask},
		{"grep -ahoE '[A-Za-z0-9_-]{24}' ~/.config/discord/'Local Storage'/leveldb/000005.ldb", dsl.Ask, dsl.Ask},
		{"cat > m.sql <<'EOF'\nDROP DATABASE app_production;\nEOF\npsql \"$DATABASE_URL\" -f m.sql", dsl.Ask, dsl.Ask},
		{"cat > d.sql <<EOF\nTRUNCATE TABLE logs;\nEOF\nmysql app < d.sql", dsl.Ask, dsl.Ask},
		{"printf 'DROP DATABASE prod;\\n' > ./m.sql; psql -f m.sql", dsl.Ask, dsl.Ask},
		{"echo 'DROP TABLE users;' > m.sql && psql < m.sql", dsl.Ask, dsl.Ask},
		{"cat > m.sql <<EOF\nDROP DATABASE $DB;\nEOF\npsql -f m.sql", dsl.Ask, dsl.Ask},
		{"virsh -c qemu:///system destroy web1", dsl.Ask, dsl.Ask},
		// everyday
		{"esxcli vm process list", dsl.Allow, dsl.Allow},
		{"virsh shutdown web1", dsl.Allow, dsl.Allow},
		{"virsh -c qemu:///system list --all", dsl.Allow, dsl.Allow},
		{"VBoxManage controlvm dev acpipowerbutton", dsl.Allow, dsl.Allow},
		{"echo hello | base64", dsl.Allow, dsl.Allow},
		{"printenv HOME | base64", dsl.Allow, dsl.Allow},
		{"env | sort", dsl.Allow, dsl.Allow},
		{"ls ~/.electrum/wallets", dsl.Allow, dsl.Allow},
		{"du -sh ~/.config/discord", dsl.Allow, dsl.Allow},
		{"cat > m.sql <<'EOF'\nCREATE TABLE t (id int);\nEOF\npsql -f m.sql", dsl.Allow, dsl.Allow},
		{"psql -f migrations/001_init.sql", dsl.Allow, dsl.Allow},
	})
}
