package rules_test

import (
	"testing"

	"github.com/hguard/hguard/dsl"
)

// TestSys52Packages: removing a package the system cannot run or be
// reached without (libc, the shell, the package manager, init, sudo, the
// ssh server), every package, or a removal that skips the dependency
// checks (rpm --nodeps, pacman -Rdd, dpkg --force-depends) is asked
// (package-remove-essential); all were allowed (red team rt51). Removing
// an application and autoremove stay allowed.
func TestSys52Packages(t *testing.T) {
	checkHoles(t, []holeCase{
		{"sudo apt-get remove --purge -y python3", dsl.Ask, dsl.Ask},
		{"apt purge -y '*'", dsl.Ask, dsl.Ask},
		{"sudo rpm -e --nodeps glibc", dsl.Ask, dsl.Ask},
		{"pacman -Rdd glibc", dsl.Ask, dsl.Ask},
		{"yum remove -y systemd", dsl.Ask, dsl.Ask},
		{"dnf remove -y systemd", dsl.Ask, dsl.Ask},
		{"dpkg -r --force-depends coreutils", dsl.Ask, dsl.Ask},
		{"dpkg --purge --force-remove-essential bash", dsl.Ask, dsl.Ask},
		{"apt remove sudo", dsl.Ask, dsl.Ask},
		{"apt remove openssh-server", dsl.Ask, dsl.Ask},
		{"apt-get remove libc6:amd64", dsl.Ask, dsl.Ask},
		{"sudo env DEBIAN_FRONTEND=noninteractive apt-get -y remove dpkg", dsl.Ask, dsl.Ask},
		{"apt remove vim", dsl.Allow, dsl.Allow},
		{"apt autoremove", dsl.Allow, dsl.Allow},
		{"sudo apt autoremove -y", dsl.Allow, dsl.Allow},
		{"pacman -Rns pkg", dsl.Allow, dsl.Allow},
		{"dnf remove httpd", dsl.Allow, dsl.Allow},
		{"brew uninstall x", dsl.Allow, dsl.Allow},
		{"sudo apt-get remove --purge -y nginx", dsl.Allow, dsl.Allow},
	})
}

// TestSys52Disks: a RAID array created over whole disks, a logical volume
// shrunk by lvresize (lvreduce was blocked) and a LUKS key removed
// (luksKillSlot was blocked) are disk-erase; a btrfs shrink, a PostgreSQL
// cluster dropped or its WAL reset, a storage cluster's pool, OSD or
// volume destroyed, and a named volume emptied through a container are
// asked. All were allowed (rt51).
func TestSys52Disks(t *testing.T) {
	checkHoles(t, []holeCase{
		{"mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sda /dev/sdb", dsl.Block, dsl.Block},
		{"mdadm --zero-superblock /dev/sda1", dsl.Block, dsl.Block},
		{"lvresize -L -10G vg0/root", dsl.Block, dsl.Block},
		{"cryptsetup luksRemoveKey /dev/sda1", dsl.Block, dsl.Block},
		{"btrfs filesystem resize 1G /", dsl.Ask, dsl.Ask},
		{"pg_dropcluster 15 main --stop", dsl.Ask, dsl.Ask},
		{"pg_resetwal -f /var/lib/postgresql/data", dsl.Ask, dsl.Ask},
		{"ceph osd pool delete x x --yes-i-really-really-mean-it", dsl.Ask, dsl.Ask},
		{"ceph osd destroy 0 --yes-i-really-mean-it", dsl.Ask, dsl.Ask},
		{"gluster volume delete v", dsl.Ask, dsl.Ask},
		{"docker run --rm -v pgdata:/d alpine rm -rf /d/*", dsl.Ask, dsl.Ask},
		{"docker run --rm -v pgdata:/d alpine sh -c 'rm -rf /d/*'", dsl.Ask, dsl.Ask},
		{"mdadm --detail /dev/md0", dsl.Allow, dsl.Allow},
		{"lvresize -L +10G vg0/root", dsl.Allow, dsl.Allow},
		{"btrfs filesystem resize max /", dsl.Allow, dsl.Allow},
		{"pg_lsclusters", dsl.Allow, dsl.Allow},
		{"ceph status", dsl.Allow, dsl.Allow},
		{"docker run --rm -v pgdata:/d alpine ls /d", dsl.Allow, dsl.Allow},
	})
}
