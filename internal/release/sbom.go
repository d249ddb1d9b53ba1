package main

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The SPDX 2.3 document, as JSON (spdx.github.io/spdx-spec/v2.3). Only
// what the release knows is filled in; licenses are NOASSERTION because
// the build info records none.
type spdxDoc struct {
	SPDXVersion       string             `json:"spdxVersion"`
	DataLicense       string             `json:"dataLicense"`
	SPDXID            string             `json:"SPDXID"`
	Name              string             `json:"name"`
	DocumentNamespace string             `json:"documentNamespace"`
	CreationInfo      spdxCreation       `json:"creationInfo"`
	Packages          []spdxPackage      `json:"packages"`
	Files             []spdxFile         `json:"files,omitempty"`
	Relationships     []spdxRelationship `json:"relationships"`
}

type spdxCreation struct {
	Creators []string `json:"creators"`
	Created  string   `json:"created"`
}

type spdxChecksum struct {
	Algorithm     string `json:"algorithm"`
	ChecksumValue string `json:"checksumValue"`
}

type spdxExternalRef struct {
	ReferenceCategory string `json:"referenceCategory"`
	ReferenceType     string `json:"referenceType"`
	ReferenceLocator  string `json:"referenceLocator"`
}

type spdxPackage struct {
	Name                  string            `json:"name"`
	SPDXID                string            `json:"SPDXID"`
	VersionInfo           string            `json:"versionInfo,omitempty"`
	Supplier              string            `json:"supplier,omitempty"`
	DownloadLocation      string            `json:"downloadLocation"`
	FilesAnalyzed         bool              `json:"filesAnalyzed"`
	Checksums             []spdxChecksum    `json:"checksums,omitempty"`
	LicenseConcluded      string            `json:"licenseConcluded"`
	LicenseDeclared       string            `json:"licenseDeclared"`
	CopyrightText         string            `json:"copyrightText"`
	SourceInfo            string            `json:"sourceInfo,omitempty"`
	Comment               string            `json:"comment,omitempty"`
	ExternalRefs          []spdxExternalRef `json:"externalRefs,omitempty"`
	PrimaryPackagePurpose string            `json:"primaryPackagePurpose,omitempty"`
}

type spdxFile struct {
	FileName         string         `json:"fileName"`
	SPDXID           string         `json:"SPDXID"`
	FileTypes        []string       `json:"fileTypes,omitempty"`
	Checksums        []spdxChecksum `json:"checksums"`
	LicenseConcluded string         `json:"licenseConcluded"`
	CopyrightText    string         `json:"copyrightText"`
}

type spdxRelationship struct {
	SPDXElementID      string `json:"spdxElementId"`
	RelationshipType   string `json:"relationshipType"`
	RelatedSPDXElement string `json:"relatedSpdxElement"`
}

const noAssertion = "NOASSERTION"

// releaseURL is where a published release's files are downloaded from.
func releaseURL(version, name string) string {
	return "https://" + module + "/releases/download/" + version + "/" + name
}

var idUnsafe = regexp.MustCompile(`[^A-Za-z0-9.-]+`)

// spdxID makes an SPDX identifier (SPDXRef-[A-Za-z0-9.-]+) of parts.
func spdxID(parts ...string) string {
	return "SPDXRef-" + idUnsafe.ReplaceAllString(strings.Join(parts, "-"), "-")
}

// purl is a Go module's package URL; "+" (in +incompatible) is escaped
// as the purl spec wants.
func purl(path, version string) string {
	return "pkg:golang/" + path + "@" + strings.ReplaceAll(version, "+", "%2B")
}

func purlRef(path, version string) []spdxExternalRef {
	return []spdxExternalRef{{ReferenceCategory: "PACKAGE-MANAGER", ReferenceType: "purl", ReferenceLocator: purl(path, version)}}
}

// h1SHA256 turns a go.sum hash (h1: base64 SHA-256 of the module's file
// tree) into hex, as SPDX checksums are written; "" if it is not one.
func h1SHA256(sum string) string {
	b64, ok := strings.CutPrefix(sum, "h1:")
	if !ok {
		return ""
	}
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil || len(b) != sha256.Size {
		return ""
	}
	return hex.EncodeToString(b)
}

// settings renders a binary's build settings as the go command would take
// them, e.g. -trimpath=true CGO_ENABLED=0 GOOS=linux.
func settings(info *debug.BuildInfo) string {
	var f []string
	for _, s := range info.Settings {
		v := s.Value
		if strings.ContainsAny(v, " \t\"") {
			v = strconv.Quote(v)
		}
		f = append(f, s.Key+"="+v)
	}
	return strings.Join(f, " ")
}

// spdx writes the SBOM of one archive: the archive, each program in it
// (from its embedded build info: Go version, build settings, every module
// linked in with its version and go.sum hash), the documentation files,
// and how they relate.
func spdx(version, archiveName string, archive []byte, p platform, src source, bins []binary, docFiles []member) ([]byte, error) {
	name := strings.TrimSuffix(sbomName(archiveName), ".spdx.json")
	archiveSum := sha256.Sum256(archive)
	doc := spdxDoc{
		SPDXVersion:       "SPDX-2.3",
		DataLicense:       "CC0-1.0",
		SPDXID:            "SPDXRef-DOCUMENT",
		Name:              name,
		DocumentNamespace: releaseURL(version, sbomName(archiveName)),
		CreationInfo: spdxCreation{
			// The epoch, not the clock: a rebuild must write the same bytes.
			Created:  src.epoch.UTC().Format(time.RFC3339),
			Creators: []string{"Tool: " + module + "/internal/release"},
		},
	}
	rel := func(a, typ, b string) {
		doc.Relationships = append(doc.Relationships, spdxRelationship{a, typ, b})
	}
	archiveID := spdxID("Archive", archiveName)
	origin := "built from commit " + src.commit + " of https://" + module
	download := "git+https://" + module + ".git@" + src.commit
	if src.commit == "" {
		origin, download = "built from a tree outside git", noAssertion
	}
	if src.dirty {
		origin += " WITH UNCOMMITTED CHANGES (not a release of that commit)"
	}
	doc.Packages = append(doc.Packages, spdxPackage{
		Name: archiveName, SPDXID: archiveID, VersionInfo: version,
		DownloadLocation: releaseURL(version, archiveName),
		Checksums:        []spdxChecksum{{"SHA256", hex.EncodeToString(archiveSum[:])}},
		LicenseConcluded: noAssertion, LicenseDeclared: noAssertion, CopyrightText: noAssertion,
		SourceInfo:            origin,
		Comment:               "hguard " + version + " for " + p.String(),
		PrimaryPackagePurpose: "ARCHIVE",
	})
	rel("SPDXRef-DOCUMENT", "DESCRIBES", archiveID)

	mainID := spdxID("Module", module)
	stdID := spdxID("Module", "stdlib")
	// Modules are keyed by path and version: each is listed once, and
	// linked from every program that has it.
	type mod struct{ path, version, sum, comment string }
	mods := map[string]mod{}
	var goVersion string
	for _, b := range bins {
		sum := sha256.Sum256(b.data)
		id := spdxID("Program", b.name)
		if goVersion != "" && b.info.GoVersion != goVersion {
			return nil, fmt.Errorf("%s was built by %s, the others by %s", b.name, b.info.GoVersion, goVersion)
		}
		goVersion = b.info.GoVersion
		doc.Packages = append(doc.Packages, spdxPackage{
			Name: b.name, SPDXID: id, VersionInfo: version,
			DownloadLocation: noAssertion,
			Checksums:        []spdxChecksum{{"SHA256", hex.EncodeToString(sum[:])}},
			LicenseConcluded: noAssertion, LicenseDeclared: noAssertion, CopyrightText: noAssertion,
			SourceInfo:            origin,
			Comment:               "package " + b.info.Path + ", built by " + b.info.GoVersion + " with " + settings(b.info),
			ExternalRefs:          purlRef(module, version),
			PrimaryPackagePurpose: "APPLICATION",
		})
		rel(archiveID, "CONTAINS", id)
		rel(id, "GENERATED_FROM", mainID)
		rel(id, "STATIC_LINK", stdID)
		var linked []string
		for _, d := range b.info.Deps {
			m := mod{path: d.Path, version: d.Version, sum: d.Sum}
			if r := d.Replace; r != nil {
				m = mod{path: r.Path, version: r.Version, sum: r.Sum, comment: "replaces " + d.Path + " " + d.Version}
			}
			key := m.path + "@" + m.version
			mods[key] = m
			linked = append(linked, key)
		}
		slices.Sort(linked)
		for _, key := range slices.Compact(linked) {
			rel(id, "STATIC_LINK", spdxID("Module", key))
		}
	}
	doc.Packages = append(doc.Packages,
		spdxPackage{
			Name: module, SPDXID: mainID, VersionInfo: version, DownloadLocation: download,
			LicenseConcluded: noAssertion, LicenseDeclared: noAssertion, CopyrightText: noAssertion,
			SourceInfo: origin, ExternalRefs: purlRef(module, version), PrimaryPackagePurpose: "SOURCE",
		},
		spdxPackage{
			Name: "stdlib", SPDXID: stdID, VersionInfo: goVersion, DownloadLocation: noAssertion,
			LicenseConcluded: noAssertion, LicenseDeclared: noAssertion, CopyrightText: noAssertion,
			Comment:      "the Go runtime and standard library of the toolchain that built the programs",
			ExternalRefs: purlRef("stdlib", strings.TrimPrefix(goVersion, "go")), PrimaryPackagePurpose: "LIBRARY",
		})
	for _, key := range slices.Sorted(maps.Keys(mods)) {
		m := mods[key]
		pkg := spdxPackage{
			Name: m.path, SPDXID: spdxID("Module", key), VersionInfo: m.version, DownloadLocation: noAssertion,
			LicenseConcluded: noAssertion, LicenseDeclared: noAssertion, CopyrightText: noAssertion,
			ExternalRefs: purlRef(m.path, m.version), PrimaryPackagePurpose: "LIBRARY",
		}
		comment := []string{}
		if m.comment != "" {
			comment = append(comment, m.comment)
		}
		if h := h1SHA256(m.sum); h != "" {
			pkg.Checksums = []spdxChecksum{{"SHA256", h}}
			comment = append(comment, "go.sum "+m.sum+" (the SHA256 checksum is this hash of the module's files, in hex)")
		} else if m.sum != "" {
			comment = append(comment, "go.sum "+m.sum)
		}
		pkg.Comment = strings.Join(comment, "; ")
		doc.Packages = append(doc.Packages, pkg)
	}
	for _, f := range docFiles {
		s1, s256 := sha1.Sum(f.data), sha256.Sum256(f.data)
		id := spdxID("File", f.name)
		doc.Files = append(doc.Files, spdxFile{
			FileName: "./" + f.name, SPDXID: id, FileTypes: []string{"DOCUMENTATION"},
			// SPDX 2.3 requires a SHA1 for every file.
			Checksums:        []spdxChecksum{{"SHA1", hex.EncodeToString(s1[:])}, {"SHA256", hex.EncodeToString(s256[:])}},
			LicenseConcluded: noAssertion, CopyrightText: noAssertion,
		})
		rel(archiveID, "CONTAINS", id)
	}
	if err := checkIDs(&doc); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// checkIDs refuses a document whose identifiers collide (two modules
// whose paths differ only in characters SPDX ids cannot hold) or whose
// relationships name an element it does not have.
func checkIDs(doc *spdxDoc) error {
	ids := map[string]bool{doc.SPDXID: true}
	add := func(id string) error {
		if ids[id] {
			return fmt.Errorf("SBOM %s: two elements are %s", doc.Name, id)
		}
		ids[id] = true
		return nil
	}
	for _, p := range doc.Packages {
		if err := add(p.SPDXID); err != nil {
			return err
		}
	}
	for _, f := range doc.Files {
		if err := add(f.SPDXID); err != nil {
			return err
		}
	}
	for _, r := range doc.Relationships {
		if !ids[r.SPDXElementID] || !ids[r.RelatedSPDXElement] {
			return fmt.Errorf("SBOM %s: relationship %s %s %s names an unknown element", doc.Name, r.SPDXElementID, r.RelationshipType, r.RelatedSPDXElement)
		}
	}
	return nil
}
