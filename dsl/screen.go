package dsl

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hguard/hguard/dsl/cmdline"
)

// Screen capture. A screenshot or recording holds whatever was open on the
// screen (messages, a password manager, other windows): for an agent it is
// asked (screen-capture-agent), and the file or output it fills holds a
// secret, so that sending it on is sending one (heldsecrets.go).

// screenGrabbers are ffmpeg's input formats that read the screen.
var screenGrabbers = []string{"x11grab", "kmsgrab", "fbdev", "gdigrab", "ddagrab"}

// imageFile matches a file name ImageMagick writes an image to (x.png,
// png:-).
var imageFile = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(\.(png|jpe?g|gif|bmp|tiff?|xwd|webp|miff|ps|pdf)|^[a-z0-9]+:-?)$`)
})

// capturesScreen reports a command that captures the screen, or a window
// of it: macOS's screencapture; scrot, maim, grim, import, xwd,
// gnome-screenshot, spectacle, flameshot full/screen/gui,
// xfce4-screenshooter and wf-recorder; ffmpeg -f x11grab (kmsgrab, fbdev,
// gdigrab, ddagrab); gst-launch's ximagesrc; ImageMagick reading the X
// screen (convert x:root, magick import). Asking for help or the version
// captures nothing.
func capturesScreen(c *cmdline.Command) bool {
	args := wordValues(c.Args)
	if slices.ContainsFunc(args, func(a string) bool {
		return a == "-h" || a == "--help" || a == "-help" || a == "--version" || a == "-version"
	}) {
		return false
	}
	switch name := programName(c.Name); name {
	case "screencapture", "scrot", "maim", "grim", "xwd", "gnome-screenshot", "spectacle", "xfce4-screenshooter", "wf-recorder":
		return !(name == "scrot" && slices.Contains(args, "-v"))
	case "import":
		// ImageMagick's, not a line of Python read as shell (import os.path)
		return slices.ContainsFunc(args, func(a string) bool { return a == "-window" || a == "-screen" || imageFile().MatchString(a) })
	case "flameshot":
		return len(args) > 0 && (args[0] == "full" || args[0] == "screen" || args[0] == "gui")
	case "ffmpeg", "avconv":
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "-f" && slices.Contains(screenGrabbers, args[i+1]) {
				return true
			}
		}
	case "gst-launch-1.0", "gst-launch":
		return slices.ContainsFunc(args, func(a string) bool { return a == "ximagesrc" || strings.HasPrefix(a, "ximagesrc ") })
	case "convert", "magick":
		return name == "magick" && len(args) > 0 && args[0] == "import" ||
			slices.ContainsFunc(args, func(a string) bool { return strings.HasPrefix(a, "x:") || strings.HasPrefix(a, "X:") })
	}
	return false
}

// screenFiles are the files a screen capture writes: its operands and
// the values of its output options (ffmpeg's: its last word), a directory
// given to flameshot -p with a "/" after it.
func screenFiles(c *cmdline.Command, ue *CommandEnv) []string {
	switch programName(c.Name) {
	case "ffmpeg", "avconv":
		if len(ue.Args) > 0 {
			return []string{ue.Args[len(ue.Args)-1]}
		}
		return nil
	case "flameshot":
		var out []string
		for _, d := range optionValues(ue.Args, []string{"p", "path"}, false) {
			out = append(out, strings.TrimSuffix(d, "/")+"/")
		}
		return out
	}
	out := optionValues(ue.Args, []string{"f", "file", "o", "output", "out", "s", "save-to"}, false)
	for _, p := range ue.Positional {
		if strings.Contains(p, ".") || strings.Contains(p, "/") {
			out = append(out, p) // a file (shot.png), not an option's value (-d 5)
		}
	}
	return out
}
