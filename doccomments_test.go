package hguard

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportedDocumented: every exported name of every package in the
// module has a doc comment (a name in a documented const or var group
// counts, as go doc shows the group's comment). Test files, generated
// files and the go run generators are left out.
func TestExportedDocumented(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) || f.Name.Name == "main" && d.Name() == "gen.go" {
			return nil
		}
		for _, missing := range undocumented(f) {
			t.Errorf("%s: exported %s has no doc comment", fset.Position(missing.Pos()), missing.Name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// undocumented returns the exported names declared in f without a doc
// comment: functions, methods of exported types, types, and constants and
// variables outside a documented group.
func undocumented(f *ast.File) []*ast.Ident {
	var out []*ast.Ident
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() || d.Doc != nil {
				continue
			}
			if d.Recv != nil && (!exportedReceiver(d.Recv.List[0].Type) || interfaceMethods[d.Name.Name]) {
				continue
			}
			out = append(out, d.Name)
		case *ast.GenDecl:
			if d.Doc != nil && d.Lparen.IsValid() || d.Tok == token.IMPORT {
				continue // a documented group documents its names
			}
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() && s.Doc == nil && d.Doc == nil {
						out = append(out, s.Name)
					}
				case *ast.ValueSpec:
					if s.Doc != nil || d.Doc != nil || s.Comment != nil && d.Lparen.IsValid() {
						continue
					}
					for _, n := range s.Names {
						if n.IsExported() {
							out = append(out, n)
							break
						}
					}
				}
			}
		}
	}
	return out
}

// interfaceMethods are methods whose meaning the standard interface they
// implement documents (error, fmt.Stringer, errors.Unwrap/Is/As, the JSON
// and text codecs); a comment on each would only repeat it.
var interfaceMethods = map[string]bool{
	"Error": true, "String": true, "Unwrap": true, "Is": true, "As": true, "GoString": true, "Format": true,
	"MarshalJSON": true, "UnmarshalJSON": true, "MarshalText": true, "UnmarshalText": true,
}

// exportedReceiver reports whether a method's receiver type is exported.
func exportedReceiver(expr ast.Expr) bool {
	for {
		switch e := expr.(type) {
		case *ast.StarExpr:
			expr = e.X
		case *ast.IndexExpr:
			expr = e.X
		case *ast.IndexListExpr:
			expr = e.X
		case *ast.Ident:
			return e.IsExported()
		default:
			return false
		}
	}
}
