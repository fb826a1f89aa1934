'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ADMIN_LEVEL_DESCRIPTIONS, ADMIN_LEVELS, ADMIN_ROLES } from '@/lib/admin-permissions';
import { api, ApiError } from '@/lib/api-client';
import { ADMIN_EMPTY_STATES as EMPTY, ADMIN_MESSAGES } from '@/lib/constants';
import {
  createAdminSchema,
  editAdminFormSchema,
  type AdminList,
  type AdminView,
  type AuditLogAnswer,
  type CreateAdminForm,
  type EditAdminForm,
  type ManagementAnswer,
} from '@/lib/schemas/admin';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { formatCount } from '../format';
import { useProfileTime } from '@/components/time/use-profile-time';
import { Badge, DataTable, EmptyState, Section, StatCard, StatGrid } from '../ui';

const roleLabel = (role: string) => (role === 'super_admin' ? 'Super admin' : role === 'admin' ? 'Admin' : role);
const levelLabel = (level: string) => level.charAt(0).toUpperCase() + level.slice(1);

/** The role and level choices, shared by the Add New Admin form and the Edit dialog. */
const ROLE_OPTIONS = ADMIN_ROLES.map((r) => (
  <option key={r} value={r}>
    {r}
  </option>
));
const LEVEL_OPTIONS = ADMIN_LEVELS.map((l) => (
  <option key={l} value={l}>
    {levelLabel(l)}
  </option>
));

/** Server text, then field errors, for the "Failed to … : {server error or message}" toasts. */
function serverText(error: unknown): string {
  if (error instanceof ApiError) return error.body.details?.[0]?.message ?? error.body.message ?? error.body.error ?? error.message;
  return error instanceof Error ? error.message : 'Unknown error';
}

export function AdminsView({ admins }: { admins: AdminList | null }) {
  const time = useProfileTime();
  return (
    <Section title="Administrators">
      <DataTable
        caption="Administrator accounts"
        rows={admins ?? []}
        rowKey={(a) => a.id}
        empty={<EmptyState title={EMPTY.admins} />}
        columns={[
          { header: 'Name', cell: (a) => <span className="font-medium">{a.name ?? '—'}</span> },
          { header: 'Username', cell: (a) => a.username },
          { header: 'E-mail', cell: (a) => a.email },
          { header: 'Last login', cell: (a) => time.dateTime(a.lastLogin, 'Never') },
        ]}
      />
    </Section>
  );
}

function AddAdminForm({ onCreated }: { onCreated(): void }) {
  const form = useForm<CreateAdminForm>({
    resolver: zodResolver(createAdminSchema),
    defaultValues: { username: '', email: '', firstName: '', lastName: '', password: '', role: 'admin', adminLevel: 'full' },
  });
  const { errors, isSubmitting } = form.formState;
  const level = useWatch({ control: form.control, name: 'adminLevel' });
  const submit = form.handleSubmit(async (values) => {
    try {
      await api.post('/admin/users', values);
      toast.success(ADMIN_MESSAGES.adminCreated);
      form.reset();
      onCreated();
    } catch (error) {
      toast.error(`${ADMIN_MESSAGES.createAdminFailed}: ${serverText(error)}`);
    }
  });
  const field = (name: 'username' | 'email' | 'firstName' | 'lastName' | 'password', label: string, type = 'text', autoComplete = 'off') => (
    <Field id={`new-admin-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`new-admin-${name}`} type={type} autoComplete={autoComplete} aria-invalid={!!errors[name]} {...form.register(name)} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Add New Admin">
      {field('username', 'Username')}
      {field('email', 'Email', 'email')}
      {field('firstName', 'First name')}
      {field('lastName', 'Last name')}
      {field('password', 'Password', 'password', 'new-password')}
      <Field id="new-admin-role" label="Role" error={errors.role?.message}>
        <Select id="new-admin-role" {...form.register('role')}>
          {ROLE_OPTIONS}
        </Select>
      </Field>
      <Field
        id="new-admin-level"
        label="Admin level"
        error={errors.adminLevel?.message}
        hint={<p className="text-xs text-stone-500 dark:text-stone-400">{ADMIN_LEVEL_DESCRIPTIONS[level ?? 'full']}</p>}
      >
        <Select id="new-admin-level" {...form.register('adminLevel')}>
          {LEVEL_OPTIONS}
        </Select>
      </Field>
      <div className="flex items-start pt-6">
        <Button type="submit" loading={isSubmitting}>
          Add New Admin
        </Button>
      </div>
    </form>
  );
}

function EditAdminDialog({ admin, self, onClose, onSaved }: { admin: AdminView; self: boolean; onClose(): void; onSaved(): void }) {
  const form = useForm<EditAdminForm>({
    resolver: zodResolver(editAdminFormSchema),
    defaultValues: {
      username: admin.username,
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      role: admin.role === 'super_admin' ? 'super_admin' : 'admin',
      adminLevel: admin.adminLevel,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const body = self ? { username: values.username, email: values.email, firstName: values.firstName, lastName: values.lastName } : values;
    try {
      await api.put(`/admin/users/${admin.id}`, body);
      toast.success(ADMIN_MESSAGES.adminUpdated);
      onSaved();
    } catch (error) {
      toast.error(`${ADMIN_MESSAGES.updateAdminFailed}: ${serverText(error)}`);
    }
  });
  return (
    <Modal open title={`Edit ${admin.name ?? admin.username}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-3">
        {(['username', 'email', 'firstName', 'lastName'] as const).map((name) => (
          <Field key={name} id={`edit-admin-${name}`} label={{ username: 'Username', email: 'Email', firstName: 'First name', lastName: 'Last name' }[name]} error={errors[name]?.message}>
            <Input id={`edit-admin-${name}`} aria-invalid={!!errors[name]} {...form.register(name)} />
          </Field>
        ))}
        <Field id="edit-admin-role" label="Role">
          <Select id="edit-admin-role" disabled={self} {...form.register('role')}>
            {ROLE_OPTIONS}
          </Select>
        </Field>
        <Field id="edit-admin-level" label="Admin level" hint={self ? <p className="text-xs text-stone-500 dark:text-stone-400">{ADMIN_MESSAGES.cannotChangeOwnAccess}.</p> : undefined}>
          <Select id="edit-admin-level" disabled={self} {...form.register('adminLevel')}>
            {LEVEL_OPTIONS}
          </Select>
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}

export function AdminManagementView({
  data,
  audit,
  currentUserId,
  canManage,
  onChanged,
}: {
  data: ManagementAnswer | null;
  audit: AuditLogAnswer | null;
  currentUserId: string;
  canManage: boolean;
  onChanged(): void;
}) {
  const time = useProfileTime();
  const [editing, setEditing] = useState<AdminView | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const s = data?.systemStats;

  const remove = async (admin: AdminView) => {
    if (!window.confirm(ADMIN_MESSAGES.deleteAdminConfirm)) return;
    setDeleting(admin.id);
    try {
      await api.delete(`/admin/users/${admin.id}`);
      toast.success(ADMIN_MESSAGES.adminDeleted);
      onChanged();
    } catch (error) {
      toast.error(`${ADMIN_MESSAGES.deleteAdminFailed}: ${serverText(error)}`);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="space-y-6">
      <StatGrid className="lg:grid-cols-5">
        <StatCard label="Users" value={s ? formatCount(s.totalUsers) : '—'} />
        <StatCard label="Admins" value={s ? formatCount(s.totalAdmins) : '—'} />
        <StatCard label="Clients" value={s ? formatCount(s.totalClients) : '—'} />
        <StatCard label="Goals" value={s ? formatCount(s.totalGoals) : '—'} />
        <StatCard label="Check-ins" value={s ? formatCount(s.totalCheckIns) : '—'} />
      </StatGrid>
      <Section title="Admin accounts">
        <DataTable
          caption="Administrator accounts with role, level and actions"
          rows={data?.admins ?? []}
          rowKey={(a) => a.id}
          empty={<EmptyState title={EMPTY.admins} />}
          columns={[
            {
              header: 'Name',
              cell: (a) => (
                <div>
                  <p className="font-medium">
                    {a.name ?? a.username} {a.id === currentUserId && <span className="text-xs font-normal text-stone-500 dark:text-stone-400">(you)</span>}
                  </p>
                  <p className="text-xs text-stone-500 dark:text-stone-400">{a.email}</p>
                </div>
              ),
            },
            { header: 'Role', cell: (a) => <Badge tone={a.role === 'super_admin' ? 'brand' : 'stone'}>{roleLabel(a.role)}</Badge> },
            { header: 'Level', cell: (a) => levelLabel(a.adminLevel) },
            { header: 'Last login', cell: (a) => time.dateTime(a.lastLogin, 'Never') },
            {
              header: 'Actions',
              cell: (a) => (
                <div className="flex gap-2">
                  <Button variant="secondary" className="px-3 py-1" disabled={!canManage} onClick={() => setEditing(a)} aria-label={`Edit ${a.email}`}>
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    className="px-3 py-1"
                    disabled={!canManage || a.id === currentUserId}
                    loading={deleting === a.id}
                    onClick={() => void remove(a)}
                    aria-label={`Delete ${a.email}`}
                    title={a.id === currentUserId ? ADMIN_MESSAGES.cannotDeleteSelf : undefined}
                  >
                    Delete
                  </Button>
                </div>
              ),
            },
          ]}
        />
      </Section>
      {canManage && (
        <Section title="Add New Admin" description="The new administrator signs in at /admin-portal with this e-mail and password.">
          <AddAdminForm onCreated={onChanged} />
        </Section>
      )}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title="Latest users">
          <DataTable
            caption="The newest user accounts"
            rows={data?.recentActivity.latestUsers ?? []}
            rowKey={(u) => u.id}
            empty={<EmptyState title={EMPTY.latestUsers} />}
            columns={[
              {
                header: 'Name',
                cell: (u) => (
                  <div className="[overflow-wrap:anywhere]">
                    <p className="font-medium">{u.name}</p>
                    <p className="text-xs text-stone-500 dark:text-stone-400">{u.email}</p>
                  </div>
                ),
                wrap: true,
              },
              { header: 'Created', cell: (u) => time.date(u.createdAt, 'N/A') },
            ]}
          />
        </Section>
        <Section title="Latest clients">
          <DataTable
            caption="The newest clients and their coaches"
            rows={data?.recentActivity.latestClients ?? []}
            rowKey={(c) => c.id}
            empty={<EmptyState title={EMPTY.latestClients} />}
            columns={[
              { header: 'Name', cell: (c) => <span className="font-medium [overflow-wrap:anywhere]">{c.name}</span>, wrap: true },
              { header: 'Coach', cell: (c) => c.coach?.username ?? 'No coach' },
              { header: 'Created', cell: (c) => time.date(c.createdAt, 'N/A') },
            ]}
          />
        </Section>
      </div>
      <Section title="Audit log" description="Administrator sign-ins and actions, newest first">
        <DataTable
          caption="Administrator audit log"
          rows={audit?.entries ?? []}
          rowKey={(e) => e.id}
          empty={<EmptyState title={EMPTY.auditLog} />}
          columns={[
            { header: 'When', cell: (e) => <span className="whitespace-nowrap">{time.dateTime(e.timestamp, 'N/A')}</span> },
            { header: 'Admin', cell: (e) => e.admin?.email ?? '—' },
            {
              header: 'Action',
              cell: (e) =>
                e.type !== 'admin_login' ? <Badge tone="brand">Action</Badge> : e.success ? <Badge>Sign-in</Badge> : <Badge tone="red">Sign-in refused</Badge>,
            },
            { header: 'Details', cell: (e) => <span className="block max-w-xl">{e.details}</span>, wrap: true },
          ]}
        />
      </Section>
      {editing && (
        <EditAdminDialog
          admin={editing}
          self={editing.id === currentUserId}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      )}
    </div>
  );
}
