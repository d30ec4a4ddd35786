package moderator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"
)

// TestMailPurposesListsEveryPurpose reads the package's source for every
// purpose a mail is queued with, here and in package workflow (a literal
// in an Outgoing's Purpose field, assigned to a variable purpose, or passed as a parameter
// purpose), and fails for one MailPurposes lacks: metrics show each
// from the first scrape.
func TestMailPurposesListsEveryPurpose(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	for dir, pkg := range map[string]string{".": "moderator", "../workflow": "workflow"} {
		pkgs, err := parser.ParseDir(fset, dir, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range pkgs[pkg].Files {
			files = append(files, f)
		}
	}
	params := map[string]int{} // functions taking a purpose, at which argument
	for _, f := range files {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name != "derivedID" {
				i := 0
				for _, field := range fn.Type.Params.List {
					for _, n := range field.Names {
						if n.Name == "purpose" {
							params[fn.Name.Name] = i
						}
						i++
					}
				}
			}
		}
	}
	found := map[string]token.Position{}
	note := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			found[s] = fset.Position(lit.Pos())
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Purpose" {
					note(n.Value)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == "purpose" && i < len(n.Rhs) {
						note(n.Rhs[i])
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					if i, ok := params[sel.Sel.Name]; ok && i < len(n.Args) {
						note(n.Args[i])
					}
				}
			}
			return true
		})
	}
	if len(found) < 10 {
		t.Fatalf("found only %d purposes: %v; the source changed shape", len(found), found)
	}
	for p, pos := range found {
		if !slices.Contains(MailPurposes(), p) {
			t.Errorf("%s: purpose %q is not in MailPurposes", pos, p)
		}
	}
	for _, p := range MailPurposes() {
		if _, ok := found[p]; !ok {
			t.Errorf("MailPurposes lists %q, which no mail has", p)
		}
	}
}
