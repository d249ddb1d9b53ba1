package redact

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// JSON masks the secrets in every string of a JSON document, keys and
// structure unchanged (object members keep their order). It returns the
// document itself when nothing was masked.
func JSON(data []byte) ([]byte, int, error) {
	if !std().any(data) && !bytes.Contains(data, []byte(`\u`)) {
		return data, 0, nil // an escape could hide a keyword
	}
	var out bytes.Buffer
	n, err := redactValue(&out, json.RawMessage(bytes.TrimSpace(data)))
	if err != nil {
		return nil, 0, err
	}
	if n == 0 {
		return data, 0, nil
	}
	return out.Bytes(), n, nil
}

func redactValue(out *bytes.Buffer, raw json.RawMessage) (int, error) {
	if len(raw) == 0 {
		return 0, errors.New("empty JSON value")
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, err
		}
		r := String(s)
		if r == s {
			out.Write(raw)
			return 0, nil
		}
		return len(Find(s)), writeString(out, r)
	case '{', '[':
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if _, err := dec.Token(); err != nil {
			return 0, err
		}
		obj := raw[0] == '{'
		out.WriteByte(raw[0])
		n := 0
		for i := 0; dec.More(); i++ {
			if i > 0 {
				out.WriteByte(',')
			}
			if obj {
				k, err := dec.Token()
				if err != nil {
					return 0, err
				}
				key, ok := k.(string)
				if !ok {
					return 0, fmt.Errorf("object key %v is not a string", k)
				}
				if err := writeString(out, key); err != nil {
					return 0, err
				}
				out.WriteByte(':')
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				return 0, err
			}
			m, err := redactValue(out, v)
			if err != nil {
				return 0, err
			}
			n += m
		}
		if obj {
			out.WriteByte('}')
		} else {
			out.WriteByte(']')
		}
		return n, nil
	}
	if !json.Valid(raw) {
		return 0, fmt.Errorf("invalid JSON value %.40q", raw)
	}
	out.Write(raw) // numbers, true, false, null
	return 0, nil
}

func writeString(out *bytes.Buffer, s string) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return err
	}
	out.Truncate(out.Len() - 1) // Encode ends with a newline
	return nil
}
