/**
 * The part of @mantine/core the shell shares with product modules: MODULE_EXPORTS in
 * federation/shared.mjs, the surface modules are built against (a test keeps the two equal).
 * Loaded with the federation runtime, so the login screen takes only the Mantine it renders.
 */
export {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Divider,
  Group,
  Image,
  Input,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
