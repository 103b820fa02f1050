// @vitest-environment happy-dom
import { createApi, type UploadSender } from '@nordlys/sdk/api';
import type { Image } from '@nordlys/sdk/schemas';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonAnswer } from '../../../sdk/src/testing/fake-fetch';
import { deferred } from '../modals/test-helpers';
import { ApiProvider } from '../modals/useApi';
import { GalleryField } from './GalleryField';
import { ImageField } from './ImageField';

afterEach(cleanup);

const image = (path: string): Image => ({
  path,
  sizes: {
    large: `/images/large/${path}`,
    cover: `/images/cover/${path}`,
    thumbnail: `/images/thumbnail/${path}`,
    listing: `/images/listing/${path}`,
    portrait: `/images/portrait/${path}`,
    social: `/images/social/${path}`,
  },
});

const png = (name = 'logo.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/**
 * The real sdk client with a sender the test drives: it reports half the bytes sent, then waits
 * for `answer` (or for the abort of the request's signal, as XMLHttpRequest does).
 */
function uploadingApi() {
  const requests: Request[] = [];
  let answer = deferred<Response>();
  const sender: UploadSender = async (request, onProgress) => {
    requests.push(request);
    const body = await request.arrayBuffer();
    onProgress(body.byteLength / 2, body.byteLength);
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      answer.promise.then(resolve, reject);
    });
  };
  const api = createApi({ baseUrl: 'http://test/api/', fetch: () => Promise.reject(new Error('no fetch here')), uploadSender: sender });
  return {
    api,
    requests,
    answer: (response: Response) => {
      answer.resolve(response);
      answer = deferred<Response>();
    },
  };
}

function chooseFiles(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

function LogoForm({ onChange, initial = null }: { onChange: (image: Image | null) => void; initial?: Image | null }) {
  const [value, setValue] = useState<Image | null>(initial);
  return (
    <ImageField
      id="logoImage"
      label="Logo"
      type="logo"
      owner={{ kind: 'company', key: 'aurora-labs' }}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      required
      hint="A square image works best."
    />
  );
}

describe('ImageField', () => {
  it('shows the progress while uploading, then the preview of the uploaded image', async () => {
    const { api, requests, answer } = uploadingApi();
    const onChange = vi.fn();
    render(
      <ApiProvider api={api}>
        <LogoForm onChange={onChange} />
      </ApiProvider>,
    );
    chooseFiles(screen.getByLabelText(/Logo/), [png()]);

    const bar = await screen.findByRole('progressbar', { name: 'Uploading logo' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('50%')).toBeTruthy();
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/upload/logo');
    expect(url.searchParams.get('company')).toBe('aurora-labs');

    await act(async () => answer(jsonAnswer({ path: '2026/abc', image: image('2026/abc') })));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(image('2026/abc')));
    expect(screen.queryByRole('progressbar')).toBeNull();
    const preview = screen.getByRole('img', { name: 'Logo: current image' });
    expect(preview.getAttribute('src')).toBe('/images/thumbnail/2026/abc');
    expect(screen.getByText('logo.png uploaded.')).toBeTruthy();
  });

  it('cancels the upload: the request is aborted and nothing changes', async () => {
    const { api, requests } = uploadingApi();
    const onChange = vi.fn();
    render(
      <ApiProvider api={api}>
        <LogoForm onChange={onChange} />
      </ApiProvider>,
    );
    const input = screen.getByLabelText(/Logo/);
    chooseFiles(input, [png()]);
    await screen.findByRole('progressbar');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));

    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(screen.getByText('Upload cancelled.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
  });

  it("shows the server's refusal under the field", async () => {
    const { api, answer } = uploadingApi();
    const onChange = vi.fn();
    render(
      <ApiProvider api={api}>
        <LogoForm onChange={onChange} />
      </ApiProvider>,
    );
    const input = screen.getByLabelText(/Logo/);
    chooseFiles(input, [png('notes.png')]);
    await screen.findByRole('progressbar');
    const message = 'This file is not an image we can read. Use JPEG, PNG, WebP, AVIF or GIF.';
    await act(async () => answer(jsonAnswer({ message, code: 'E_UNSUPPORTED_MEDIA' }, 415)));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit before sending it', async () => {
    const { api, requests } = uploadingApi();
    render(
      <ApiProvider api={api}>
        <LogoForm onChange={vi.fn()} />
      </ApiProvider>,
    );
    chooseFiles(screen.getByLabelText(/Logo/), [png('huge.png', 11 * 1024 * 1024)]);
    expect((await screen.findByRole('alert')).textContent).toMatch(/"huge.png" is 11.0 MB. Images can be at most 10 MB./);
    expect(requests).toHaveLength(0);
  });

  it('removes the image', async () => {
    const onChange = vi.fn();
    render(
      <ApiProvider api={uploadingApi().api}>
        <LogoForm onChange={onChange} initial={image('2026/old')} />
      </ApiProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(onChange).toHaveBeenCalledWith(null);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

function Gallery({ initial, onChange }: { initial: Image[]; onChange: (images: Image[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <GalleryField
      id="galleryImages"
      label="Gallery"
      owner={{ kind: 'company', key: 'aurora-labs' }}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      max={3}
    />
  );
}

describe('GalleryField', () => {
  const order = () => screen.getAllByRole('listitem').map((item) => item.querySelector('img')!.getAttribute('src'));

  it('reorders by keyboard-operable buttons and announces the move', async () => {
    const onChange = vi.fn();
    render(
      <ApiProvider api={uploadingApi().api}>
        <Gallery initial={[image('a'), image('b'), image('c')]} onChange={onChange} />
      </ApiProvider>,
    );
    expect(screen.getByRole('button', { name: 'Move Gallery image 1 of 3 left' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Gallery image 1 of 3 right' }));
    expect(order()).toEqual(['/images/thumbnail/b', '/images/thumbnail/a', '/images/thumbnail/c']);
    expect(onChange).toHaveBeenLastCalledWith([image('b'), image('a'), image('c')]);
    expect(screen.getByText(/Image moved from position 1 to 2 of 3./)).toBeTruthy();
    // Focus follows the moved image.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('→Move Gallery image 2 of 3 right'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Gallery image 3 of 3' }));
    expect(onChange).toHaveBeenLastCalledWith([image('b'), image('a')]);
  });

  it('reorders with the drag handle by keyboard (Space, arrow, Space)', async () => {
    const onChange = vi.fn();
    render(
      <ApiProvider api={uploadingApi().api}>
        <Gallery initial={[image('a'), image('b')]} onChange={onChange} />
      </ApiProvider>,
    );
    const handle = screen.getByRole('button', { name: 'Drag to reorder Gallery image 1 of 2' });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    handle.focus();
    fireEvent.keyDown(handle, { code: 'Space' });
    // Picked up: dnd-kit's live region says where the image is (our announcements).
    await screen.findByText('Over position 1 of 2.');
    expect(handle.getAttribute('aria-pressed')).toBe('true');
    // happy-dom has no layout, so the arrow finds no neighbour by position: the drop keeps the order.
    fireEvent.keyDown(handle, { code: 'Space' });
    await screen.findByText('Image 1 dropped at position 1 of 2.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('uploads several files one after the other, up to the maximum', async () => {
    const { api, requests, answer } = uploadingApi();
    const onChange = vi.fn();
    render(
      <ApiProvider api={api}>
        <Gallery initial={[image('a')]} onChange={onChange} />
      </ApiProvider>,
    );
    chooseFiles(screen.getByLabelText('Add images (2 more allowed)'), [png('one.png'), png('two.png'), png('three.png')]);
    expect(screen.getByText(/The gallery holds 3 images: 1 of the chosen files were left out./)).toBeTruthy();
    await screen.findByRole('progressbar', { name: 'Uploading one.png' });
    await act(async () => answer(jsonAnswer({ path: 'one', image: image('one') })));
    await screen.findByRole('progressbar', { name: 'Uploading two.png' });
    await act(async () => answer(jsonAnswer({ path: 'two', image: image('two') })));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([image('a'), image('one'), image('two')]));
    expect(requests).toHaveLength(2);
    expect(screen.getByLabelText('The gallery is full (3 images)').hasAttribute('disabled')).toBe(true);
  });
});
