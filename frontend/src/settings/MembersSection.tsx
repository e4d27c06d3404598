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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { Member, MemberRole } from '../api/types';
import { formatDay } from '../calendar/displaySettings';
import { getStoredUser } from '../providers/authSession';
import { errorMessage } from '../providers/httpClient';
import { currentRole, MEMBER_ROLES, roleAtLeast } from '../providers/memberRole';
import { useIftaDataProvider } from '../providers/useIftaDataProvider';
import { SettingsSection } from './SettingsSection';

const MEMBERS_KEY = ['members'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The roles `role` may give: an admin every one but owner, an owner all. */
const grantable = (role: MemberRole): readonly MemberRole[] => MEMBER_ROLES.filter((r) => roleAtLeast(role, r));

const InviteDialog = ({ open, onClose, role }: { open: boolean; onClose: () => void; role: MemberRole }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [newRole, setNewRole] = useState<MemberRole>('bookkeeper');
  const [invalid, setInvalid] = useState(false);
  const invite = useMutation({
    mutationFn: () => dataProvider.inviteMember(email.trim(), newRole),
    onSuccess: (sent) => {
      notify('members.invite.sent', { type: 'success', messageArgs: { email: sent.email } });
      void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      setEmail('');
      onClose();
    },
    onError: (failure) => notify(errorMessage(failure, 'members.invite.failed'), { type: 'error' }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const bad = !EMAIL.test(email.trim());
    setInvalid(bad);
    if (!bad && !invite.isPending) invite.mutate();
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
            disabled={invite.isPending}
            startIcon={invite.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {translate(invite.isPending ? 'members.invite.submitting' : 'members.invite.submit')}
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
  const dataProvider = useIftaDataProvider();
  const queryClient = useQueryClient();
  const role = currentRole();
  const manages = roleAtLeast(role, 'admin');
  const me = getStoredUser()?.id;
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const { data, isError, error } = useQuery({ queryKey: MEMBERS_KEY, queryFn: () => dataProvider.getMembers() });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
  const failed = (key: string) => (failure: unknown) => notify(errorMessage(failure, key), { type: 'error' });

  const changeRole = useMutation({
    mutationFn: ({ id, role: next }: { id: string; role: MemberRole }) => dataProvider.changeMemberRole(id, next),
    onSuccess: () => {
      notify('members.change_role.done', { type: 'success' });
      refresh();
    },
    onError: failed('members.change_role.failed'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => dataProvider.removeMember(id),
    onSuccess: () => {
      notify('members.remove.done', { type: 'success' });
      refresh();
    },
    onError: failed('members.remove.failed'),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => dataProvider.revokeInvitation(id),
    onSuccess: () => {
      notify('members.revoke.done', { type: 'success' });
      refresh();
    },
    onError: failed('members.revoke.failed'),
  });

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
                          onChange={(event) =>
                            changeRole.mutate({ id: member.id, role: event.target.value as MemberRole })
                          }
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
                        onClick={() => revoke.mutate(invitation.id)}
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
          if (removing) remove.mutate(removing.id);
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </SettingsSection>
  );
};
