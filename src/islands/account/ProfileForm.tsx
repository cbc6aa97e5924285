/**
 * /usercenter/mysetting's profile editor: name, avatar (uploaded through
 * /api/upload/image1.action with the spec's 50 s time-out), email, job role
 * (spec 3: 20 options) and product interests (17 options).
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { STORAGE_KEYS, TIMING } from '../../shared/constants.ts';
import { JOB_ROLES, PRODUCT_TYPES } from '../../shared/forms/options.ts';
import { Field } from '../login/fields.tsx';
import '../login/login-dialog.css';
import { ACCOUNTS_MSG } from '../../shared/messages/accounts.ts';
import type { UserInfo } from '../../server/services/accounts/index.ts';

/** The profile as the page reads it (the member's own view). */
export type Profile = Pick<UserInfo, 'name' | 'photo' | 'email' | 'jobRole' | 'productInterests'>;

const MAX_UPLOAD = 5 * 1024 * 1024;

export default function ProfileForm(p: { initial: Profile }) {
  const [name, setName] = useState(p.initial.name);
  const [email, setEmail] = useState(p.initial.email ?? '');
  const [jobRole, setJobRole] = useState(p.initial.jobRole ?? '');
  const [interests, setInterests] = useState<string[]>(p.initial.productInterests);
  const [photo, setPhoto] = useState(p.initial.photo);
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  // Set once hydrated: before that hydration may still put the server's values back in the fields.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const file = useRef<HTMLInputElement>(null);
  const checkName = (v: string) =>
    !v.trim() ? ACCOUNTS_MSG.nameRequired : v.trim().length > 20 ? ACCOUNTS_MSG.nameTooLong : null;

  async function upload(f: File) {
    if (f.size > MAX_UPLOAD) return toast(ACCOUNTS_MSG.uploadTooLarge, 'error');
    const body = new FormData();
    body.append('file', f);
    setBusy(true);
    const res = await api<{ url: string }>('post', 'upload/image1.action', {
      body,
      timeout: TIMING.uploadTimeoutMs,
    });
    setBusy(false);
    if (res.code === 200) setPhoto(res.data.url);
    toast(res.message, res.code === 200 ? 'success' : 'error');
  }

  async function save(e: React.SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const err = checkName(name);
    setNameError(err);
    if (err || busy) return;
    setBusy(true);
    const form: Record<string, string> = {
      name: name.trim(),
      email: email.trim(),
      jobRole,
      productInterests: interests.join(','),
    };
    if (photo) form.photo = photo;
    const res = await api('post', 'user/saveUser', { form });
    setBusy(false);
    toast(res.message, res.code === 200 ? 'success' : 'error');
    if (res.code === 200 && photo) localStorage.setItem(STORAGE_KEYS.avatar, photo);
  }

  return (
    <form
      className="ld-form profile-form"
      onSubmit={save}
      noValidate
      data-ready={ready ? '1' : undefined}
    >
      <div className="avatar-row">
        <img src={photo || '/avatars/avatar-1.svg'} alt="头像" width="72" height="72" />
        <button
          type="button"
          className="ld-link"
          onClick={() => file.current?.click()}
          disabled={busy}
        >
          更换头像
        </button>
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          hidden
          onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
        />
      </div>
      <Field
        id="pf-name"
        label="昵称"
        maxLength={20}
        placeholder="请输入昵称"
        value={name}
        error={nameError}
        onChange={setName}
        onBlur={() => setNameError(checkName(name))}
      />
      <Field
        id="pf-email"
        label="邮箱"
        type="email"
        autoComplete="email"
        maxLength={100}
        placeholder="邮箱（选填）"
        value={email}
        error={null}
        onChange={setEmail}
        onBlur={() => undefined}
      />
      <label className="pf-label" htmlFor="pf-job">
        职位
      </label>
      <select
        id="pf-job"
        className="pf-select"
        value={jobRole}
        onChange={(e) => setJobRole(e.target.value)}
      >
        <option value="">请选择职位</option>
        {JOB_ROLES.map((r) => (
          <option key={r}>{r}</option>
        ))}
      </select>
      <fieldset className="pf-interests">
        <legend>关注的产品类型</legend>
        {PRODUCT_TYPES.map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              checked={interests.includes(t)}
              onChange={(e) =>
                setInterests(
                  e.target.checked ? [...interests, t] : interests.filter((x) => x !== t),
                )
              }
            />{' '}
            {t}
          </label>
        ))}
      </fieldset>
      {/* Not disabled while saving: a disabled button drops its focus to the page's body, and the
          next Tab landed in the footer ad (issue 29). save() ignores a second press. */}
      <button className="ld-submit" type="submit" aria-disabled={busy}>
        保存
      </button>
    </form>
  );
}
