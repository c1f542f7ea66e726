/**
 * `tags`: a list of short texts typed as chips (a code package's keywords). Enter, Tab or a
 * comma adds the typed text; a pasted list (one per line, or comma separated) adds every item
 * at once; Backspace in the empty input removes the last chip. Texts are trimmed and empty ones
 * dropped; the helper line counts them. The input's name is the field path.
 */
import { useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { fieldInputProps, useAutocompleteBase } from './fieldProps';

/** The texts of a typed or pasted entry: split on new lines and commas (both widths), trimmed. */
export function splitTags(text: string): string[] {
  return text.split(/[\r\n,，]+/).map((s) => s.trim()).filter((s) => s !== '');
}

export function TagsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const value: string[] = Array.isArray(props.value) ? props.value.filter((v): v is string => typeof v === 'string') : [];
  // The newest list, also between two quick entries before the form has rendered the first.
  const latest = useRef(value);
  latest.current = value;
  const set = (next: string[]) => {
    latest.current = next;
    props.onChange(next.length ? next : props.options.emptyValue ?? []);
  };
  const commit = (text: string) => {
    const added = splitTags(text);
    setInput('');
    if (added.length) set([...latest.current, ...added]);
  };
  const disabled = props.disabled || props.readonly;

  return (
    <Autocomplete<string, true, false, true>
      id={props.id}
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={input}
      {...useAutocompleteBase(props)}
      onInputChange={(_e, text, reason) => {
        // A comma typed (or a list pasted) adds what came before it.
        if (reason === 'input' && /[\r\n,，]/.test(text)) commit(text);
        else if (reason !== 'reset') setInput(text);
      }}
      onChange={(_e, next) => set(next.flatMap((v) => splitTags(String(v))))}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={tag} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          {...fieldInputProps(props)}
          placeholder={disabled ? undefined : t('tags.placeholder')}
          helperText={value.length ? t('tags.count', { count: value.length }) : undefined}
          onKeyDown={(e) => {
            if ((e.key === 'Tab' || e.key === 'Enter') && input.trim() !== '') {
              if (e.key === 'Enter') e.preventDefault();
              commit(input);
            }
          }}
          onPaste={(e: React.ClipboardEvent) => {
            // An input drops line breaks: a pasted list is split here instead.
            const text = e.clipboardData.getData('text');
            if (!/[\r\n,，]/.test(text)) return;
            e.preventDefault();
            commit(`${input}${text}`);
          }}
          onBlur={() => {
            if (input.trim() !== '') commit(input);
            props.onBlur(props.id, props.value);
          }}
        />
      )}
    />
  );
}
