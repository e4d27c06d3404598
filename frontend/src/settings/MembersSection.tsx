import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1';
import { useQueryClient } from '@tanstack/react-query';
import { Confirm, useCreate, useDelete, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { Invitation, Member, MemberRole } from '../api/types';
import { formatDay } from '../calendar/displaySettings';
import { getStoredUser } from '../providers/authSession';
import { errorMessage } from '../providers/httpClient';
import { currentRole, MEMBER_ROLES, roleAtLeast } from '../providers/memberRole';
import { MEMBER_RESOURCES, type MemberSeats } from '../providers/membersProvider';
import { SettingsSection } from './SettingsSection';

const { members: MEMBERS, invitations: INVITATIONS } = MEMBER_RESOURCES;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Both lists read again after any change: one GET answers them and the seat count, which a removal or an accepted
 * invitation changes too.
 */
const useRefreshMembers = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [MEMBERS] });
    void queryClient.invalidateQueries({ queryKey: [INVITATIONS] });
  };
};

/** The roles `role` may give: an admin every one but owner, an owner all. */
const grantable = (role: MemberRole): readonly MemberRole[] => MEMBER_ROLES.filter((r) => roleAtLeast(role, r));

const InviteDialog = ({ open, onClose, role }: { open: boolean; onClose: () => void; role: MemberRole }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshMembers();
  const [email, setEmail] = useState('');
  const [newRole, setNewRole] = useState<MemberRole>('bookkeeper');
  const [invalid, setInvalid] = useState(false);
  const [create, { isPending }] = useCreate<Invitation>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bad = !EMAIL.test(email.trim());
    setInvalid(bad);
    if (bad || isPending) return;
    void create(
      INVITATIONS,
      { data: { email: email.trim(), role: newRole } },
      {
        onSuccess: (sent) => {
          notify('members.invite.sent', { type: 'success', messageArgs: { email: sent.email } });
          refresh();
          setEmail('');
          onClose();
        },
        onError: (failure) => notify(errorMessage(failure, 'members.invite.failed'), { type: 'error' }),
      },
    );
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="invite-member-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="invite-member-title">{translate('members.invite.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              name="invite-email"
              type="email"
              label={translate('members.invite.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={invalid}
              helperText={invalid ? translate('members.invite.email_invalid') : undefined}
              autoFocus
              required
            />
            <TextField
              select
              name="invite-role"
              label={translate('members.invite.role')}
              value={newRole}
              onChange={(event) => setNewRole(event.target.value as MemberRole)}
              helperText={translate(`members.role_help.${newRole}`)}
            >
              {grantable(role).map((r) => (
                <MenuItem key={r} value={r}>
                  {translate(`members.roles.${r}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isPending}
            startIcon={isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(isPending ? 'members.invite.submitting' : 'members.invite.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

/**
 * Settings: the company's members and pending invitations. Every member sees the list; owners and admins invite,
 * change roles, remove and revoke (the server refuses the rest with 403 whatever the screen shows).
 */
export const MembersSection = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshMembers();
  const role = currentRole();
  const manages = roleAtLeast(role, 'admin');
  const me = getStoredUser()?.id;
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const people = useGetList<Member>(MEMBERS);
  const pending = useGetList<Invitation>(INVITATIONS);
  const error = people.error ?? pending.error;
  const isError = error != null;
  const seats = (people.meta as { seats?: MemberSeats } | undefined)?.seats;
  const data = people.data && pending.data ? { members: people.data, invitations: pending.data, seats } : undefined;
  const outcome = (done: string, failedKey: string) => ({
    onSuccess: () => {
      notify(done, { type: 'success' });
      refresh();
    },
    onError: (failure: unknown) => notify(errorMessage(failure, failedKey), { type: 'error' }),
  });

  const [update, { isPending: changingRole }] = useUpdate<Member>();
  const [deleteMember] = useDelete<Member>();
  const [deleteInvitation, { isPending: revoking }] = useDelete<Invitation>();
  const changeRole = {
    isPending: changingRole,
    mutate: ({ member, role: next }: { member: Member; role: MemberRole }) =>
      void update(
        MEMBERS,
        { id: member.id, data: { role: next }, previousData: member },
        outcome('members.change_role.done', 'members.change_role.failed'),
      ),
  };
  const remove = {
    mutate: (member: Member) =>
      void deleteMember(
        MEMBERS,
        { id: member.id, previousData: member },
        outcome('members.remove.done', 'members.remove.failed'),
      ),
  };
  const revoke = {
    isPending: revoking,
    mutate: (invitation: Invitation) =>
      void deleteInvitation(
        INVITATIONS,
        { id: invitation.id, previousData: invitation },
        outcome('members.revoke.done', 'members.revoke.failed'),
      ),
  };

  const nameOf = (member: Member) => member.name ?? member.email;
  // Only an owner changes an owner's role or makes one (an admin sees an owner's role as text).
  const mayChange = (member: Member) => manages && (member.role !== 'owner' || role === 'owner');

  return (
    <SettingsSection id="members" title={translate('members.title')} icon={<GroupIcon />}>
      <Stack spacing={2}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography color="text.secondary">{translate(manages ? 'members.hint' : 'members.read_only')}</Typography>
          {manages && (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
              {translate('members.invite.button')}
            </Button>
          )}
        </Box>
        {data?.seats && (
          <Typography variant="body2" color="text.secondary" data-testid="member-seats">
            {translate('members.seats.used', {
              used: data.seats.used,
              limit: data.seats.limit,
              plan: data.seats.plan,
            })}
          </Typography>
        )}
        {manages && data?.seats && data.seats.used >= data.seats.limit && (
          <Alert severity="info">{translate('members.seats.full', { plan: data.seats.plan })}</Alert>
        )}
        {isError && <Alert severity="error">{translate(errorMessage(error, 'members.load_failed'))}</Alert>}
        {!data && !isError && <CircularProgress size={24} />}
        {data && (
          <TableContainer>
            <Table size="small" aria-label={translate('members.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('members.columns.person')}</TableCell>
                  <TableCell>{translate('members.columns.role')}</TableCell>
                  {manages && <TableCell align="right">{translate('members.columns.actions')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.members.map((member) => (
                  <TableRow key={member.id} data-testid="member-row">
                    <TableCell>
                      <Typography variant="body2" fontWeight={600}>
                        {nameOf(member)}
                        {member.user_id === me ? ` (${translate('members.you')})` : ''}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {member.email}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {mayChange(member) ? (
                        <TextField
                          select
                          size="small"
                          value={member.role}
                          disabled={changeRole.isPending}
                          onChange={(event) => changeRole.mutate({ member, role: event.target.value as MemberRole })}
                          slotProps={{
                            htmlInput: {
                              'aria-label': translate('members.change_role.label', { name: nameOf(member) }),
                            },
                          }}
                        >
                          {grantable(role).map((r) => (
                            <MenuItem key={r} value={r}>
                              {translate(`members.roles.${r}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                      ) : (
                        translate(`members.roles.${member.role}`)
                      )}
                    </TableCell>
                    {manages && (
                      <TableCell align="right">
                        {mayChange(member) && (
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setRemoving(member)}
                            aria-label={translate('members.remove.label', { name: nameOf(member) })}
                          >
                            {translate('members.remove.button')}
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {data && (
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {translate('members.pending')}
            </Typography>
            {data.invitations.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate('members.none_pending')}
              </Typography>
            ) : (
              <Stack spacing={1}>
                {data.invitations.map((invitation) => (
                  <Box
                    key={invitation.id}
                    data-testid="invitation-row"
                    sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
                  >
                    <Typography variant="body2" sx={{ flexGrow: 1 }}>
                      {invitation.email} · {translate(`members.roles.${invitation.role}`)} ·{' '}
                      {translate('members.expires', { date: formatDay(invitation.expires_at.slice(0, 10)) })}
                    </Typography>
                    {manages && (
                      <Button
                        size="small"
                        color="error"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(invitation)}
                        aria-label={translate('members.revoke.label', { email: invitation.email })}
                      >
                        {translate('members.revoke.button')}
                      </Button>
                    )}
                  </Box>
                ))}
              </Stack>
            )}
          </Box>
        )}
      </Stack>
      {manages && <InviteDialog open={inviting} onClose={() => setInviting(false)} role={role} />}
      <Confirm
        isOpen={removing !== null}
        title={translate('members.remove.title', { name: removing ? nameOf(removing) : '' })}
        content="members.remove.content"
        confirm="members.remove.button"
        cancel="common.cancel"
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </SettingsSection>
  );
};
