package thunderdome_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/rules/thunderdome"
)

// TestSchemaDescribesEveryMail checks that the orders' JSON Schema, which
// players' tools validate mails with, knows every key the golden
// campaign's mails use: the header, each order kind, and the standing
// preferences.
func TestSchemaDescribesEveryMail(t *testing.T) {
	var schema struct {
		Properties map[string]struct {
			Items struct {
				OneOf []struct {
					Required []string `json:"required"`
				} `json:"oneOf"`
			} `json:"items"`
			Properties map[string]any `json:"properties"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(thunderdome.Ruleset{}.Schema(nil), &schema); err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, o := range schema.Properties["orders"].Items.OneOf {
		kinds = append(kinds, o.Required...)
	}
	mails, err := filepath.Glob("testdata/campaign/*/mail-*.yaml")
	if err != nil || len(mails) == 0 {
		t.Fatalf("no mails of the golden campaign: %v", err)
	}
	for _, name := range mails {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var mail map[string]any
		if err := yaml.Unmarshal(data, &mail); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for key := range mail {
			if _, ok := schema.Properties[key]; !ok {
				t.Errorf("%s: the schema has no header key %q", name, key)
			}
		}
		list, _ := mail["orders"].([]any)
		for _, o := range list {
			for kind := range o.(map[string]any) {
				if !slices.Contains(kinds, kind) {
					t.Errorf("%s: the schema has no order kind %q", name, kind)
				}
			}
		}
		prefs, _ := mail["prefs"].(map[string]any)
		for key := range prefs {
			if _, ok := schema.Properties["prefs"].Properties[key]; !ok {
				t.Errorf("%s: the schema has no preference %q", name, key)
			}
		}
	}
}
