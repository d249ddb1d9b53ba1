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
