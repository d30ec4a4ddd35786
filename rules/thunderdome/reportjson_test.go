package thunderdome_test

import (
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/rules/thunderdome"
)

// TestReportJSONDocumented checks that docs/report-json.md names, in
// backquotes, every key the view's JSON can carry: the keys of TD IV's
// own types in its Thunderdome IV section, those of the shared types
// (fleets, events) anywhere; and the current version.
func TestReportJSONDocumented(t *testing.T) {
	text, err := os.ReadFile("../../docs/report-json.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(text), "\n## Thunderdome IV\n")
	if !ok {
		t.Fatal("docs/report-json.md has no section ## Thunderdome IV")
	}
	keys := map[string]bool{}
	jsonKeys(reflect.TypeFor[thunderdome.View](), keys)
	for k, own := range keys {
		if in := map[bool]string{true: section, false: string(text)}[own]; !strings.Contains(in, "`"+k+"`") {
			t.Errorf("docs/report-json.md, Thunderdome IV, does not document the key `%s`", k)
		}
	}
	if want := fmt.Sprintf("now **%d**", thunderdome.ReportJSONVersion); !strings.Contains(section, want) {
		t.Errorf("docs/report-json.md, Thunderdome IV, does not give the version as %q", want)
	}
}

// jsonKeys adds the JSON name of every field of t and of the structs it
// holds, down to types that marshal themselves; a key is true when a
// type of package thunderdome holds it.
func jsonKeys(t reflect.Type, keys map[string]bool) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.Implements(reflect.TypeFor[json.Marshaler]()) {
		return
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			jsonKeys(f.Type, keys)
			continue
		}
		if !f.IsExported() || name == "-" {
			continue
		}
		keys[name] = keys[name] || t.PkgPath() == reflect.TypeFor[thunderdome.View]().PkgPath()
		jsonKeys(f.Type, keys)
	}
}
