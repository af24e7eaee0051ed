// Package check is the comparison half of the Go harness run by GoHarnessTests.swift: JSON
// values compared with the fixtures (key order included where the wire has one), errors
// checked for the text they must carry, and the pass/fail count each program prints last.
package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Checker counts the checks of one contract and prints each failure.
type Checker struct {
	Name   string
	Passed int
	Failed int
}

// Record counts one check.
func (c *Checker) Record(label string, ok bool, detail string) {
	if ok {
		c.Passed++
		return
	}
	c.Failed++
	fmt.Printf("FAIL %s: %s\n  %s\n", c.Name, label, detail)
}

// Same marshals got with encoding/json and compares the value with want. Ordered compares
// object keys in order (struct fields must follow the wire order); unordered sorts them
// first (Go maps, whose keys encoding/json sorts).
func (c *Checker) Same(label string, got interface{}, err error, want []byte, ordered bool) {
	if err != nil {
		c.Record(label, false, "error: "+err.Error())
		return
	}
	text, err := json.Marshal(got)
	if err != nil {
		c.Record(label, false, "marshal: "+err.Error())
		return
	}
	left, errLeft := Parse(text)
	right, errRight := Parse(want)
	if errLeft != nil || errRight != nil {
		c.Record(label, false, fmt.Sprintf("unreadable JSON: %v %v", errLeft, errRight))
		return
	}
	if !ordered {
		left, right = left.Sorted(), right.Sorted()
	}
	c.Record(label, left.Equal(right), "expected "+string(compact(want))+"\n  actual   "+string(text))
}

// Fails expects an error whose text contains fragment.
func (c *Checker) Fails(label string, err error, fragment string) {
	if err == nil {
		c.Record(label, false, "no error")
		return
	}
	c.Record(label, strings.Contains(err.Error(), fragment), "error "+err.Error()+", expected one with "+fragment)
}

// Summary is the count line of one contract, read by the Swift test.
func (c *Checker) Summary() {
	fmt.Printf("counts %s %d %d\n", c.Name, c.Passed, c.Failed)
}

func compact(text []byte) []byte {
	var buffer bytes.Buffer
	if json.Compact(&buffer, text) != nil {
		return text
	}
	return buffer.Bytes()
}

// Node is a JSON value with object keys in document order and numbers as their text.
type Node struct {
	Kind  string
	Text  string
	Keys  []string
	Items []Node
}

// Parse reads one JSON text into a Node.
func Parse(text []byte) (Node, error) {
	decoder := json.NewDecoder(bytes.NewReader(text))
	decoder.UseNumber()
	return parse(decoder)
}

func parse(decoder *json.Decoder) (Node, error) {
	token, err := decoder.Token()
	if err != nil {
		return Node{}, err
	}
	switch value := token.(type) {
	case json.Delim:
		node := Node{Kind: "array"}
		if value == '{' {
			node.Kind = "object"
		}
		for decoder.More() {
			if node.Kind == "object" {
				key, err := decoder.Token()
				if err != nil {
					return Node{}, err
				}
				node.Keys = append(node.Keys, key.(string))
			}
			item, err := parse(decoder)
			if err != nil {
				return Node{}, err
			}
			node.Items = append(node.Items, item)
		}
		_, err := decoder.Token()
		return node, err
	case json.Number:
		return Node{Kind: "number", Text: value.String()}, nil
	case string:
		return Node{Kind: "string", Text: value}, nil
	case bool:
		return Node{Kind: "bool", Text: fmt.Sprint(value)}, nil
	default:
		return Node{Kind: "null"}, nil
	}
}

// Sorted is the node with every object's keys in byte order.
func (n Node) Sorted() Node {
	out := Node{Kind: n.Kind, Text: n.Text}
	order := make([]int, len(n.Items))
	for index := range order {
		order[index] = index
	}
	if n.Kind == "object" {
		sort.SliceStable(order, func(a, b int) bool { return n.Keys[order[a]] < n.Keys[order[b]] })
	}
	for _, index := range order {
		if n.Kind == "object" {
			out.Keys = append(out.Keys, n.Keys[index])
		}
		out.Items = append(out.Items, n.Items[index].Sorted())
	}
	return out
}

// Equal compares kinds, texts (numbers by their digits), keys in order and items.
func (n Node) Equal(other Node) bool {
	if n.Kind != other.Kind || n.Text != other.Text || len(n.Items) != len(other.Items) || len(n.Keys) != len(other.Keys) {
		return false
	}
	for index := range n.Keys {
		if n.Keys[index] != other.Keys[index] {
			return false
		}
	}
	for index := range n.Items {
		if !n.Items[index].Equal(other.Items[index]) {
			return false
		}
	}
	return true
}
