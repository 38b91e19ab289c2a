import { useState } from 'preact/hooks';

export interface AddServerFormProps {
  onAdd: (url: string) => void;
}

export function AddServerForm({ onAdd }: AddServerFormProps) {
  const [url, setUrl] = useState('');
  return (
    <form
      class="add-server"
      onSubmit={(event) => {
        event.preventDefault();
        if (!url.trim()) return;
        onAdd(url.trim());
        setUrl('');
      }}
    >
      <label for="server-url">Server URL</label>
      <div class="row">
        <input
          id="server-url"
          type="url"
          placeholder="https://example.com/mcp"
          value={url}
          onInput={(event) => setUrl(event.currentTarget.value)}
          required
        />
        <button type="submit">Add server</button>
      </div>
    </form>
  );
}
